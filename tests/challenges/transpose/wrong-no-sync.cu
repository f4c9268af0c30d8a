// fails: race
// No __syncthreads between filling the tile and reading it: a warp reads a column of the
// tile before the other warps have written their rows.
__global__ void transpose(const float* in, float* out, int w, int h) {
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    if (x < w && y < h) {
        tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    }
    int col = blockIdx.y * 32 + threadIdx.x;
    int row = blockIdx.x * 32 + threadIdx.y;
    if (col < h && row < w) {
        out[row * h + col] = tile[threadIdx.x][threadIdx.y];
    }
}
