// fails: run
// Tiled, but the tile is filled without the bounds guard: the partial tiles of a 33 x 65
// matrix read past the end of in.
__global__ void transpose(const float* in, float* out, int w, int h) {
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    __syncthreads();
    int col = blockIdx.y * 32 + threadIdx.x;
    int row = blockIdx.x * 32 + threadIdx.y;
    if (col < h && row < w) {
        out[row * h + col] = tile[threadIdx.x][threadIdx.y];
    }
}
