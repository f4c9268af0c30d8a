// fails: run
// Off by one: i <= n lets thread n read and write one past the end.
__global__ void add_ten(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) {
        out[i] = in[i] + 10;
    }
}
