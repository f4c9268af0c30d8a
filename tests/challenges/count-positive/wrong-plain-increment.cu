// fails: race
// says: atomicAdd(&count[0], …)
// not: put a __syncthreads()
// A plain increment where an atomic is needed: the lanes of a warp read the same count,
// and all their writes of count + 1 land as one.
__global__ void count_positive(const int* in, int* count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0) {
        count[0] = count[0] + 1;
    }
}
