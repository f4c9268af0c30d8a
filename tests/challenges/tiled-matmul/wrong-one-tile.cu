// fails: wrong
// Multiplies one tile and stops: right for n = 16, but for n = 20 the products of the
// second tile are never added.
__global__ void matmul(const float* a, const float* b, float* c, int n) {
    __shared__ float ta[16][16];
    __shared__ float tb[16][16];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * 16 + ty;
    int col = blockIdx.x * 16 + tx;
    ta[ty][tx] = row < n && tx < n ? a[row * n + tx] : 0.0f;
    tb[ty][tx] = ty < n && col < n ? b[ty * n + col] : 0.0f;
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < 16; k++) {
        sum += ta[ty][k] * tb[k][tx];
    }
    if (row < n && col < n) {
        c[row * n + col] = sum;
    }
}
