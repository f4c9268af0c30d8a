// stars: 3
// The same grid-stride walk as a while loop, the stride worked out once.
__global__ void grid_stride(const int* in, int* out, int n) {
    int threads = gridDim.x * blockDim.x;
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    while (i < n) {
        out[i] = out[i] + in[i];
        i += threads;
    }
}
