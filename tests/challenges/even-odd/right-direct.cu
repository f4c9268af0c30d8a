// stars: 1
// The obvious way: thread i takes element i and branches on its parity. Right, but in every
// warp the even and the odd lanes split and run both sides one after the other.
__global__ void even_odd(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i % 2 == 0) {
        out[i] = 3 * in[i];
    } else {
        out[i] = in[i] - 1;
    }
}
