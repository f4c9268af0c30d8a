// stars: 1
// The direct copy: each thread moves one element. The loads walk rows (one transaction per
// warp) but the stores walk a column of out, h floats apart: 32 transactions per warp.
__global__ void transpose(const float* in, float* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        out[x * h + y] = in[y * w + x];
    }
}
