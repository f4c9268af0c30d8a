// stars: 3
// A butterfly with __shfl_xor_sync: every lane ends with the warp's sum; lane 0 stores it.
__global__ void warp_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    for (int mask = 1; mask < 32; mask <<= 1) {
        v += __shfl_xor_sync(0xffffffff, v, mask);
    }
    if (lane == 0) {
        out[i >> 5] = v;
    }
}
