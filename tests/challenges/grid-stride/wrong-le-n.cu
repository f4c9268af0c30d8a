// fails: run
// Off by one in the loop condition: the thread that reaches i = n reads past the end.
__global__ void grid_stride(const int* in, int* out, int n) {
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i <= n; i += stride) {
        out[i] += in[i];
    }
}
