// fails: wrong
// Walks b along a row (b[col * n + k]) as it walks a: that multiplies a by the transpose
// of b, the same only when b is symmetric.
__global__ void matmul(const float* a, const float* b, float* c, int n) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; k++) {
            sum += a[row * n + k] * b[col * n + k];
        }
        c[row * n + col] = sum;
    }
}
