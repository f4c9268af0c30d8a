// fails: wrong
// += instead of =: out starts at -1, so every element ends one short.
__global__ void add_ten(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] += in[i] + 10;
    }
}
