__global__ void transpose(const float* in, float* out) {
    __shared__ float tile[32][33];  // one word of padding
    int x = threadIdx.x;
    int y = threadIdx.y;
    tile[y][x] = in[y * 32 + x];
    __syncthreads();
    out[y * 32 + x] = tile[x][y];  // a column: 32 banks
}
