// fails: race
// No __syncthreads between counting and merging: a warp adds its bins to the global ones
// while other warps are still counting into them.
__global__ void histogram(const int* in, int* bins, int n) {
    __shared__ int h[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    h[t] = 0;
    __syncthreads();
    if (i < n) {
        atomicAdd(&h[in[i]], 1);
    }
    atomicAdd(&bins[t], h[t]);
}
