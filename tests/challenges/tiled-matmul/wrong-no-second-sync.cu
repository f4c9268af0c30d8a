// fails: race
// No __syncthreads after the products: a fast warp writes the next tile while slower
// warps still read this one.
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
        tb[ty][tx] = t + ty < n && col < n ? b[(t + ty) * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < 16; k++) {
            sum += ta[ty][k] * tb[k][tx];
        }
    }
    if (row < n && col < n) {
        c[row * n + col] = sum;
    }
}
