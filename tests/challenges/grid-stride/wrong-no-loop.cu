// fails: wrong
// One element per thread, as if the grid covered n: only the first 128 elements are done.
__global__ void grid_stride(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] += in[i];
    }
}
