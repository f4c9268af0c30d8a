// stars: 2
// Tiled, but the b tile is stored transposed (tb[tx][ty]) and read down a column
// (tb[tx][k]): a warp's 16 words are 16 apart, on 2 banks, 8 wavefronts a read.
__global__ void matmul(const float* a, const float* b, float* c, int n) {
    __shared__ float ta[16][16];
    __shared__ float tb[16][16];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * 16 + ty;
    int col = blockIdx.x * 16 + tx;
    float sum = 0.0f;
    for (int t = 0; t < n; t += 16) {
        ta[ty][tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0.0f;
        tb[tx][ty] = t + ty < n && col < n ? b[(t + ty) * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < 16; k++) {
            sum += ta[ty][k] * tb[tx][k];
        }
        __syncthreads();
    }
    if (row < n && col < n) {
        c[row * n + col] = sum;
    }
}
