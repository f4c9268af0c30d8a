// Each lane holds 0 or 1; a shuffle tree sums them and lane 0 adds the warp's count.
__global__ void count_positive(const int* in, int* count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int c = 0;
    if (i < n) {
        c = in[i] > 0 ? 1 : 0;
    }
    for (int d = 16; d > 0; d /= 2) {
        c += __shfl_down_sync(0xffffffff, c, d);
    }
    if (threadIdx.x % 32 == 0) {
        atomicAdd(&count[0], c);
    }
}
