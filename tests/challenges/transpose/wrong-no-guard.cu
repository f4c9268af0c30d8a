// fails: run
// The direct copy without a bounds guard: fine while w and h are multiples of 32, out of
// bounds for a 33 x 65 matrix.
__global__ void transpose(const float* in, float* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    out[x * h + y] = in[y * w + x];
}
