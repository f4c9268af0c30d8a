// Each warp sums its 32 values with shuffles, lane 0 keeps the warp's sum in shared memory,
// then warp 0 adds the 8 warp sums.
__global__ void block_sum(const int* in, int* out, int n) {
    __shared__ int partial[8];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    int v = 0;
    if (i < n) {
        v = in[i];
    }
    for (int d = 16; d >= 1; d /= 2) {
        v += __shfl_xor_sync(0xffffffff, v, d);
    }
    if (t % 32 == 0) {
        partial[t / 32] = v;
    }
    __syncthreads();
    if (t < 32) {
        int s = t < 8 ? partial[t] : 0;
        for (int d = 4; d >= 1; d /= 2) {
            s += __shfl_down_sync(0xffffffff, s, d);
        }
        if (t == 0) {
            out[blockIdx.x] = s;
        }
    }
}
