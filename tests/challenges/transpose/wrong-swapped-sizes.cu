// fails: wrong
// Swaps which side is transposed: reads in as if it were h x w and writes out row by row.
// That is a transpose only when the matrix is square (w = h).
__global__ void transpose(const float* in, float* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        out[y * w + x] = in[x * h + y];
    }
}
