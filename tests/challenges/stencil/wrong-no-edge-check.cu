// fails: run
// Reads the seven neighbours with no check at the ends: thread 0 reads in[-3].
__global__ void stencil(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int sum = 0;
        for (int j = i - 3; j <= i + 3; j++) {
            sum += in[j];
        }
        out[i] = sum;
    }
}
