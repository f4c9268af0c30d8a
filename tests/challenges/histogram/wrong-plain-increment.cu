// fails: race
// Counts with a plain h[v] += 1: two threads with the same value read the same count,
// and one of the increments is lost.
__global__ void histogram(const int* in, int* bins, int n) {
    __shared__ int h[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    h[t] = 0;
    __syncthreads();
    if (i < n) {
        h[in[i]] += 1;
    }
    __syncthreads();
    atomicAdd(&bins[t], h[t]);
}
