// stars: 2
// Through a 32 x 32 tile in shared memory: the global loads and stores both walk rows now.
// But the tile is not padded, so reading a column of it hits one bank 32 times.
__global__ void transpose(const float* in, float* out, int w, int h) {
    __shared__ float tile[32][32];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    if (x < w && y < h) {
        tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    }
    __syncthreads();
    int ox = blockIdx.y * 32 + threadIdx.x;
    int oy = blockIdx.x * 32 + threadIdx.y;
    if (ox < h && oy < w) {
        out[oy * h + ox] = tile[threadIdx.x][threadIdx.y];
    }
}
