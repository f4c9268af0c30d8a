// fails: run
// Mirrors within its 16-wide block instead of the whole row (as if w were 16): the columns
// come out in the wrong places, and with w = 1 thread 0 writes out[15], past the end.
__global__ void mirror(const int* in, int* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        out[y * w + (blockIdx.x * 16 + 15 - threadIdx.x)] = in[y * w + x];
    }
}
