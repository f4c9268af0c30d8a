// stars: 1
// Straight from global memory: each thread loads its seven neighbours itself. Right, but a
// warp issues seven loads of one or two transactions each where the block needs its
// elements once.
__global__ void stencil(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int sum = 0;
        for (int j = i - 3; j <= i + 3; j++) {
            if (j >= 0 && j < n) {
                sum += in[j];
            }
        }
        out[i] = sum;
    }
}
