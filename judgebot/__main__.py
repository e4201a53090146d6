from judgebot.cli import main

main()
