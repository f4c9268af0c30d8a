// stars: 2
// Lane 0 gathers: it reads every lane's value with __shfl_sync, one at a time. Registers
// only, but 32 steps where a tree takes 5.
__global__ void warp_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int sum = 0;
    for (int src = 0; src < 32; src++) {
        sum += __shfl_sync(0xffffffff, v, src);
    }
    if (threadIdx.x % 32 == 0) {
        out[i / 32] = sum;
    }
}
