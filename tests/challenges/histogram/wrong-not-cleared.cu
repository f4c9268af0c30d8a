// fails: wrong
// Never clears the shared bins: they start as whatever shared memory held (undefined on a
// GPU, -1 in a check), and every count is off by it.
__global__ void histogram(const int* in, int* bins, int n) {
    __shared__ int h[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    if (i < n) {
        atomicAdd(&h[in[i]], 1);
    }
    __syncthreads();
    atomicAdd(&bins[t], h[t]);
}
