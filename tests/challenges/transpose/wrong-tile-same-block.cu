// fails: wrong
// Tiled, but writes the tile back to the same block position: the block indices must swap
// too (block (bx, by) of in becomes block (by, bx) of out).
__global__ void transpose(const float* in, float* out, int w, int h) {
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    if (x < w && y < h) {
        tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    }
    __syncthreads();
    if (x < h && y < w) {
        out[y * h + x] = tile[threadIdx.x][threadIdx.y];
    }
}
