// fails: run
// No bounds guard: with n = 1 the other 127 threads of the block read past the end.
__global__ void add_ten(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i] + 10;
}
