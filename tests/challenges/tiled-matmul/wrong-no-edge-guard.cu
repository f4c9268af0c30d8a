// fails: run
// The tiles are loaded without guards: right while n is a multiple of 16, past the end of
// a for n = 20, whose second tile hangs over the edge.
__global__ void matmul(const float* a, const float* b, float* c, int n) {
    __shared__ float ta[16][16];
    __shared__ float tb[16][16];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * 16 + ty;
    int col = blockIdx.x * 16 + tx;
    float sum = 0.0f;
    for (int t = 0; t < n; t += 16) {
        ta[ty][tx] = a[row * n + t + tx];
        tb[ty][tx] = b[(t + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < 16; k++) {
            sum += ta[ty][k] * tb[k][tx];
        }
        __syncthreads();
    }
    if (row < n && col < n) {
        c[row * n + col] = sum;
    }
}
