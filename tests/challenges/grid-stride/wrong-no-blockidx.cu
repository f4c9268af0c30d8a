// fails: race
// Forgot blockIdx: both blocks start at threadIdx.x, so they do the same elements twice and
// the second half of each stride is never done.
__global__ void grid_stride(const int* in, int* out, int n) {
    int stride = blockDim.x * gridDim.x;
    for (int i = threadIdx.x; i < n; i += stride) {
        out[i] += in[i];
    }
}
