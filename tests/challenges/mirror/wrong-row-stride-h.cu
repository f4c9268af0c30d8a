// fails: race
// Rows are w long, not h: right for square images only.
__global__ void mirror(const int* in, int* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        out[y * h + (w - 1 - x)] = in[y * h + x];
    }
}
