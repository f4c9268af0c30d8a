__global__ void trips(int* counts) {
    int i = threadIdx.x;
    int c = i % 4 + 1;
    for (int k = 0; k < c; k++) {
        work(1);
    }
}
