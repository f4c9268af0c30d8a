// fails: run
// Off by one: w - x instead of w - 1 - x; column 0 lands one past its row, and in the last
// row one past the end of out.
__global__ void mirror(const int* in, int* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        out[y * w + (w - x)] = in[y * w + x];
    }
}
