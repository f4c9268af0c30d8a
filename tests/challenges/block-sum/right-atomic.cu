// Every thread adds its element straight into out[blockIdx.x] with an atomic.
__global__ void block_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&out[blockIdx.x], in[i]);
    }
}
