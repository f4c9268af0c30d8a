__global__ void reduce(const int* in, int* out) {
    __shared__ int sdata[256];
    int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (int s = 1; s < blockDim.x; s *= 2) {
        int index = 2 * s * tid;
        if (index < blockDim.x) {
            sdata[index] += sdata[index + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
    }
}
