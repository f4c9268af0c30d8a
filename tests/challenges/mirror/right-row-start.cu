// stars: 3
// Leaves early outside the image; the row's start and the mirrored column named.
__global__ void mirror(const int* in, int* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) {
        return;
    }
    int row = y * w;
    int mx = w - 1 - x;
    out[row + mx] = in[row + x];
}
