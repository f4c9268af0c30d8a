// fails: wrong
// = instead of +=: out's old values are lost.
__global__ void grid_stride(const int* in, int* out, int n) {
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        out[i] = in[i];
    }
}
