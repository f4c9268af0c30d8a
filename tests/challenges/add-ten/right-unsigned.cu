// An unsigned index and a named constant.
__global__ void add_ten(const int* in, int* out, int n) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    int ten = 10;
    if (i < n) {
        int v = in[i];
        v += ten;
        out[i] = v;
    }
}
