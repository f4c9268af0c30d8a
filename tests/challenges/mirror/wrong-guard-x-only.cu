// fails: run
// Guards the columns only: the rows below the image run past the end.
__global__ void mirror(const int* in, int* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w) {
        out[y * w + (w - 1 - x)] = in[y * w + x];
    }
}
