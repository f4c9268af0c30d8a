// stars: 3
// Each thread writes its own pixel and reads the mirrored one instead.
__global__ void mirror(const int* in, int* out, int w, int h) {
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = threadIdx.y + blockIdx.y * blockDim.y;
    if (x < w && y < h) {
        out[y * w + x] = in[y * w + w - 1 - x];
    }
}
