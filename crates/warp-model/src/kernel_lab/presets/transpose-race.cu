__global__ void transpose(const float* in, float* out) {
    __shared__ float tile[32][33];
    int x = threadIdx.x;
    int y = threadIdx.y;
    tile[y][x] = in[y * 32 + x];
    // forgot __syncthreads();
    out[y * 32 + x] = tile[x][y];  // rows other warps write
}
