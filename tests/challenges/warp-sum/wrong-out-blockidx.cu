// fails: race
// One result per block instead of one per warp: the four warps of a block overwrite
// out[blockIdx.x], and the other slots stay 0.
__global__ void warp_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    for (int d = 16; d > 0; d /= 2) {
        v += __shfl_down_sync(0xffffffff, v, d);
    }
    if (threadIdx.x % 32 == 0) {
        out[blockIdx.x] = v;
    }
}
