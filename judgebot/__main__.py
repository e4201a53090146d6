from judgebot.launch import main

main()
