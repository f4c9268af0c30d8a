__global__ void histogram(const int* in, int* bins) {
    __shared__ int h[8];   // zero at the start
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&h[in[i] % 8], 1);
    __syncthreads();
    if (threadIdx.x < 8) {
        bins[threadIdx.x] = h[threadIdx.x];
    }
}
