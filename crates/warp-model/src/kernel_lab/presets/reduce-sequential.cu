__global__ void reduce(const int* in, int* out) {
    __shared__ int sdata[256];
    int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
    }
}
