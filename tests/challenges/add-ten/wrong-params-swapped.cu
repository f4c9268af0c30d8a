// fails: signature
// The parameters in another order: the tests hand the input first, as the signature says.
__global__ void add_ten(int* out, const int* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i] + 10;
    }
}
