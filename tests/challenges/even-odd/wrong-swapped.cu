// fails: wrong
// Even and odd swapped: 3 * in[i] for the odd elements, in[i] - 1 for the even.
__global__ void even_odd(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i % 2 == 1) {
        out[i] = 3 * in[i];
    } else {
        out[i] = in[i] - 1;
    }
}
