// stars: 3
// Counts in shared memory, then adds only the bins that counted something: never more
// transactions than adding all 256, fewer when the block saw few values.
__global__ void histogram(const int* in, int* bins, int n) {
    __shared__ int local[256];
    local[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&local[in[i]], 1);
    }
    __syncthreads();
    if (local[threadIdx.x] != 0) {
        atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
    }
}
