// stars: 3
// The tile padded to 33 columns and filled transposed: each thread stores its element at
// tile[tx][ty] (a column: 33 words apart, 32 different banks), then the block writes out
// row by row from tile[ty][tx] (a row: no conflict either).
__global__ void transpose(const float* in, float* out, int w, int h) {
    __shared__ float tile[32][33];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int col = blockIdx.x * 32 + tx;
    int row = blockIdx.y * 32 + ty;
    if (col < w && row < h) {
        tile[tx][ty] = in[row * w + col];
    }
    __syncthreads();
    int outCol = blockIdx.y * 32 + tx;
    int outRow = blockIdx.x * 32 + ty;
    if (outCol < h && outRow < w) {
        out[outRow * h + outCol] = tile[ty][tx];
    }
}
