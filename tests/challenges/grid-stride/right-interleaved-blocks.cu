// stars: 1
// Numbers the threads block-fastest (thread t of block b is 2t + b): still each element
// once, but a warp's 32 lanes now touch every other element, two segments per access.
__global__ void grid_stride(const int* in, int* out, int n) {
    int stride = blockDim.x * gridDim.x;
    for (int i = threadIdx.x * gridDim.x + blockIdx.x; i < n; i += stride) {
        out[i] += in[i];
    }
}
