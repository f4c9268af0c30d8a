// stars: 3
// Tiled, counting the tiles ((n + 15) / 16 of them) and guarding each load with an if:
// a tile element past the edge is 0, so the extra products add nothing.
__global__ void matmul(const float* a, const float* b, float* c, int n) {
    __shared__ float as[16][16];
    __shared__ float bs[16][16];
    int row = blockIdx.y * 16 + threadIdx.y;
    int col = blockIdx.x * 16 + threadIdx.x;
    float acc = 0.0f;
    int tiles = (n + 15) / 16;
    for (int m = 0; m < tiles; m++) {
        int ac = m * 16 + threadIdx.x;
        int br = m * 16 + threadIdx.y;
        as[threadIdx.y][threadIdx.x] = 0.0f;
        bs[threadIdx.y][threadIdx.x] = 0.0f;
        if (row < n && ac < n) {
            as[threadIdx.y][threadIdx.x] = a[row * n + ac];
        }
        if (br < n && col < n) {
            bs[threadIdx.y][threadIdx.x] = b[br * n + col];
        }
        __syncthreads();
        for (int k = 0; k < 16; k++) {
            acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
        }
        __syncthreads();
    }
    if (row < n && col < n) {
        c[row * n + col] = acc;
    }
}
