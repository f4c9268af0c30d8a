// fails: signature
// out declared float*: the challenge's out is an int*.
__global__ void add_ten(const int* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i] + 10;
    }
}
